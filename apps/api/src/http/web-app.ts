import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from './errors';

/**
 * Serves the built single-page app from apps/web/dist: hashed assets are cached for a year, index.html and
 * version.txt never (the web app compares version.txt before each route load). Unknown non-API paths
 * get index.html so the client router can show the page or its 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // /index.html is the redirect below; without this, a built dist would register it twice.
      // The .br/.gz twins are not routes of their own: preCompressed serves them for their file.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      // Our own cache headers below; the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      throw new AppError(
        'not_found',
        `There is no API call ${request.method} ${request.url.split('?')[0]}. The list of calls is at /api/docs.`,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('This page');
    // A missing file (an old chunk after a redeploy, /favicon.ico) is a real 404, not the app's HTML.
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send(
          'The web app is not built. Run `npm run build` (npm start does it for you) or use `npm run dev`.',
        );
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
