#!/usr/bin/env node
// The `argo` command. The engine ships TypeScript source (like the rest of the workspace), so tsx compiles it on
// the fly; this runs on plain Node 20 with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
