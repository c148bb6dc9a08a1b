// `npm run dev`: the API (with workers) under tsx watch on :3000 and Vite's dev server on :5173 proxying /api.
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  CORS_ORIGINS: 'http://localhost:5173,http://127.0.0.1:5173',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
const stop = (signal) => {
  for (const c of children) c.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
