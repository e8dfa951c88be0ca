import { describe, expect, it } from 'vitest';
import { withSection } from './report.js';

const readme = [
  '# Benchmarks',
  '',
  '## Search',
  '',
  '| old | table |',
  '',
  '### Notes',
  '',
  'Measured by hand: the build before was as fast.',
  '',
  '## Mail',
  '',
  'Mail table.',
  '',
].join('\n');

describe('writing a section of bench/README.md', () => {
  it("a new run replaces the section's table and keeps its hand-written notes below it", () => {
    const written = withSection(readme, 'Search', '| new | table |');
    expect(written).toBe(readme.replace('| old | table |', '| new | table |'));
    expect(written).toContain('| new | table |\n\n### Notes\n\nMeasured by hand');
  });

  it('notes of the next section are not taken into a section without notes', () => {
    expect(withSection(readme, 'Mail', 'New mail table.')).toBe(
      readme.replace('Mail table.\n', 'New mail table.\n'),
    );
    const withoutNotes = readme.replace(
      '### Notes\n\nMeasured by hand: the build before was as fast.\n\n',
      '',
    );
    expect(withSection(withoutNotes, 'Search', '| new |')).toBe(
      withoutNotes.replace('| old | table |', '| new |'),
    );
  });

  it('the last section keeps its notes too, and a section not there yet is added at the end', () => {
    const last = `${readme}\n### Notes\n\nMail by hand.\n`;
    expect(withSection(last, 'Mail', 'New.')).toBe(
      `${readme.replace('Mail table.\n', 'New.\n')}\n### Notes\n\nMail by hand.\n`,
    );
    expect(withSection(readme, 'Lighthouse', '| page |')).toBe(
      `${readme.trimEnd()}\n\n## Lighthouse\n\n| page |\n`,
    );
  });
});
