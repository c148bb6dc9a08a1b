import type { SiteCrawl } from '@argo/engine';
import { describe, expect, it } from 'vitest';
import { crawlFailureReason } from './enrichment.rules';

const crawlOf = (kind: 'connect' | 'tls', message: string): SiteCrawl => ({
  startUrl: 'http://bakery.example/',
  homeUrl: null,
  pages: [],
  errors: [{ url: 'http://bakery.example/', role: 'home', status: null, error: { kind, message } }],
  robotsBlocked: [],
  plan: [],
});

describe('why a site gave no page', () => {
  it('leaves the system’s words out where they add nothing ("connect ECONNREFUSED 1.2.3.4:80")', () => {
    expect(crawlFailureReason(crawlOf('connect', 'connect ECONNREFUSED 127.0.0.1:3929'))).toBe(
      'connection refused fetching http://bakery.example/',
    );
  });

  it('keeps them where they say what is wrong (a certificate)', () => {
    expect(crawlFailureReason(crawlOf('tls', 'certificate has expired'))).toBe(
      'TLS error fetching http://bakery.example/ (certificate has expired)',
    );
  });
});
