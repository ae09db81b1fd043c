import { parseArgs } from 'node:util';
import { formatPrice } from '../shared/money.ts';
import { readEnv } from '../server/config/env.ts';
import { migrateToLatest, openStoreDatabase } from '../server/db/database.ts';
import { createCoupon, listCoupons, newCouponSchema, setCouponActive } from '../server/modules/promotions/coupons.ts';
import { oneLine } from '../server/lib/one-line.ts';

const usage = `Usage:
  npm run coupons -- create <CODE> --type percentage|fixed --value <N>
                    [--max-discount <cents>] [--usage-limit <N>] [--per-user-limit <N>]
                    [--expires YYYY-MM-DD] [--provider-coupon-id <id>]
      --value is whole percent for percentage, cents for fixed (500 = $5.00)
  npm run coupons -- list
  npm run coupons -- disable <CODE>
  npm run coupons -- enable <CODE>`;

const optionNames: Record<string, string> = {
  code: 'CODE',
  type: '--type',
  value: '--value',
  maxDiscountCents: '--max-discount',
  usageLimit: '--usage-limit',
  perUserLimit: '--per-user-limit',
  expires: '--expires',
  providerCouponId: '--provider-coupon-id',
};

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        type: { type: 'string' },
        value: { type: 'string' },
        'max-discount': { type: 'string' },
        'usage-limit': { type: 'string' },
        'per-user-limit': { type: 'string' },
        expires: { type: 'string' },
        'provider-coupon-id': { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const [command, code, ...extra] = parsed.positionals;
  // Nothing given is left unread: `disable A B` would otherwise disable A alone and say it was done.
  const stray = [...extra, ...(command === 'list' && code ? [code] : [])];
  if (stray.length > 0) {
    console.error(`Unexpected argument: ${stray.join(' ')}\n\n${usage}`);
    return 2;
  }
  const options = Object.keys(parsed.values);
  if (command !== 'create' && options.length > 0) {
    console.error(`--${options[0]} is an option of create only\n\n${usage}`);
    return 2;
  }
  const handle = openStoreDatabase(readEnv().DATABASE_URL);
  try {
    await migrateToLatest(handle.db);
    const now = new Date();
    if (command === 'create' && code) {
      const o = parsed.values;
      const input = newCouponSchema.safeParse({
        code,
        type: o.type,
        value: o.value,
        maxDiscountCents: o['max-discount'],
        usageLimit: o['usage-limit'],
        perUserLimit: o['per-user-limit'],
        expires: o.expires,
        providerCouponId: o['provider-coupon-id'],
      });
      if (!input.success) {
        console.error(
          input.error.issues
            .map((i) => `${optionNames[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`)
            .join('\n'),
        );
        return 1;
      }
      // Valid through its day (UTC): a day already over would make a coupon no one can use.
      if (input.data.expires && input.data.expires < now.toISOString().slice(0, 10)) {
        console.error(`--expires: ${input.data.expires} has passed`);
        return 1;
      }
      const result = await createCoupon(handle.db, input.data, now);
      if (!result.ok) {
        console.error(result.error);
        return 1;
      }
      console.log(`Created ${input.data.code}`);
      return 0;
    }
    if (command === 'list') {
      // Code, value (and its most), whether it is on, uses, uses per student, last valid day.
      const coupons = await listCoupons(handle.db);
      if (coupons.length === 0) console.log('No coupons yet.');
      for (const c of coupons) {
        const value = c.type === 'percentage' ? `${c.value}%` : formatPrice(c.value ?? 0);
        const most = c.max_discount_cents === null ? '' : ` up to ${formatPrice(c.max_discount_cents)}`;
        const uses = c.usage_limit === null ? `${c.used_count} used` : `${c.used_count}/${c.usage_limit} used`;
        const through = c.expires_at
          ? `through ${new Date(Date.parse(c.expires_at) - 1).toISOString().slice(0, 10)}`
          : 'no expiry';
        const fields = [
          c.code,
          value + most,
          c.is_active ? 'active' : 'disabled',
          uses,
          `${c.per_user_limit} per student`,
        ];
        console.log([...fields, through].join('\t'));
      }
      return 0;
    }
    if ((command === 'disable' || command === 'enable') && code) {
      const normalised = code.trim().toUpperCase();
      if (!(await setCouponActive(handle.db, code, command === 'enable', now))) {
        console.error(`No coupon with the code ${normalised}`);
        return 1;
      }
      console.log(`${command === 'enable' ? 'Enabled' : 'Disabled'} ${normalised}`);
      return 0;
    }
    console.error(usage);
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`${process.argv[2] ?? 'coupons'} failed: ${oneLine(error)}`);
  return 1;
});
