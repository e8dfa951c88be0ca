// `npm run staff -- add --email you@shop.example --role owner [--name "Your Name"]`: adds a staff member (a new shop's
// first owner) and prints the one-time link that sets their password; the link is mailed too, when the store runs.
// On the embedded database, stop the store first: two processes must never open one data directory.
import { parseArgs } from 'node:util';
import { staffCreateBody } from '@storefront/contract/staff';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seed } from './db/seed/index.js';
import { AppError } from './lib/app-error.js';
import { createStaffService } from './modules/staff/staff.service.js';
import { createThrottle } from './modules/throttle/throttle.service.js';

const USAGE =
  'usage: npm run staff -- add --email <address> --role owner|manager|picker|support [--name <name>]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'add') {
    console.error(USAGE);
    return 2;
  }
  const body = staffCreateBody.safeParse({
    email: values.email,
    role: values.role,
    name: values.name ?? values.email?.split('@')[0],
  });
  if (!body.success) {
    for (const issue of body.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config, {});
  try {
    await database.migrate((db) => seed(db, { demo: config.SEED_DEMO, scryptLogN: config.SCRYPT_LOG_N }));
    const throttle = createThrottle(database.db, {
      limits: {
        perIp: config.AUTH_LIMIT_PER_IP,
        perAccount: config.AUTH_LIMIT_PER_ACCOUNT,
        untrustedPerAccount: config.AUTH_LIMIT_UNTRUSTED_PER_ACCOUNT,
        perDevice: config.AUTH_LIMIT_PER_DEVICE,
      },
      windowMs: config.AUTH_LIMIT_WINDOW_MINUTES * 60_000,
      now: () => new Date(),
    });
    const staff = createStaffService(database.db, throttle, {
      scryptLogN: config.SCRYPT_LOG_N,
      now: () => new Date(),
      publicUrl: config.payments.publicUrl,
      mfaRequired: config.STAFF_MFA_REQUIRED,
    });
    const { member, link } = await staff.add(body.data, 'command line');
    console.log(`Added ${member.name} <${member.email}> as ${member.role}.`);
    console.log(`They set their password at (once, within 24 hours):\n  ${link}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
