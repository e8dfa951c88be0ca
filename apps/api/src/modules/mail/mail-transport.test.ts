import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailboxTransport } from './mail-transport.js';

describe('the mailbox transport (no SMTP_URL)', () => {
  it('keeps each mail as a whole .eml and .json, with nothing half-written left beside them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-mailbox-'));
    const transport = createMailboxTransport(dir, 'Harbour Grocer <shop@harbour.test>');
    await transport.send({
      id: 42,
      createdAt: new Date('2026-03-02T01:02:03.000Z'),
      to: 'dana@example.test',
      subject: 'Your order 42',
      text: 'Thanks for your order.',
      html: '<p>Thanks for your order.</p>',
      headers: { 'X-Order': '42' },
    });
    transport.close();
    expect((await readdir(dir)).sort()).toEqual(['000042.eml', '000042.json']);
    const kept = JSON.parse(await readFile(path.join(dir, '000042.json'), 'utf8')) as Record<string, unknown>;
    expect(kept).toMatchObject({
      to: 'dana@example.test',
      subject: 'Your order 42',
      headers: { 'X-Order': '42' },
    });
    expect(await readFile(path.join(dir, '000042.eml'), 'utf8')).toContain('Subject: Your order 42');
  });

  it('makes its folder when a mail finds it missing, at the start or removed while the store runs', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'sf-mailbox-')), 'mailbox');
    const transport = createMailboxTransport(dir, 'Harbour Grocer <shop@harbour.test>');
    const mail = (id: number) => ({
      id,
      createdAt: new Date('2026-03-02T01:02:03.000Z'),
      to: 'dana@example.test',
      subject: `Mail ${id}`,
      text: 'Hello.',
      html: '<p>Hello.</p>',
      headers: {},
    });
    await transport.send(mail(1));
    expect((await readdir(dir)).sort()).toEqual(['000001.eml', '000001.json']);
    await rm(dir, { recursive: true });
    await transport.send(mail(2));
    transport.close();
    expect((await readdir(dir)).sort()).toEqual(['000002.eml', '000002.json']);
  });
});
