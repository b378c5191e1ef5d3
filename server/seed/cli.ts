/** `npm run seed`: migrate and load the demo data into the configured database (idempotent). */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { prepareDatabase } from './prepare.ts';

async function run(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    const { migrations, seeded } = await prepareDatabase(handle, { seed: true, now: Date.now(), dataDir: config.dataDir, secrets: config.accounts.secrets, lotTimeline: config.lotTimeline });
    const where = handle.dialect === 'postgres' ? 'PostgreSQL' : config.sqliteFile;
    console.log(`数据库: ${where}`);
    console.log(`已执行迁移: ${migrations.length ? migrations.join(', ') : '无（已是最新）'}`);
    console.log(`新增演示数据: ${JSON.stringify(seeded)}`);
  } finally {
    await handle.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
