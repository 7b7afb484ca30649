// The sync server as a separate process, so the fault tests can kill it (SIGKILL) mid-sync and
// start it again on the same port and database. Environment: PORT, DATABASE_FILE or
// DATABASE_URL, JWT_SECRET. Prints "listening <port>" when ready.
import { buildApp } from '../../../sync-server/app.ts';

const app = await buildApp({
  databaseFile: process.env.DATABASE_FILE ?? '',
  databaseUrl: process.env.DATABASE_URL || undefined,
  staticDir: null,
  auth: {
    jwtSecret: process.env.JWT_SECRET,
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
    accessTokenTtlSeconds: 3600,
    credentialRequestsPerMinute: 10_000,
    sessionRequestsPerMinute: 10_000,
  },
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
