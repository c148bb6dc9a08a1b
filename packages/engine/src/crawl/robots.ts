import robotsParser from 'robots-parser';

/** What fetching /robots.txt gave: a status (null when no response came) and the text on success. */
export interface RobotsFetchOutcome {
  status: number | null;
  body?: string;
}

export interface RobotsVerdict {
  allowed: boolean;
  reason?: string;
  /** Crawl-delay for our agent, in ms, capped. */
  crawlDelayMs?: number;
}

interface RobotsRules {
  isAllowed(url: string): boolean;
  crawlDelayMs?: number;
  denyReason?: string;
}

const MAX_CRAWL_DELAY_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * robots.txt per origin, fetched once per run and shared by concurrent requests.
 * No response (network error, DNS, timeout) or a 4xx = no rules: everything allowed. A 5xx or 429 = the site is
 * in trouble: nothing is fetched from that origin for the run (Google's reading of RFC 9309).
 */
export class RobotsCache {
  private readonly rules = new Map<string, Promise<RobotsRules>>();
  private readonly agentToken: string;

  constructor(
    private readonly fetchRobots: (robotsUrl: string) => Promise<RobotsFetchOutcome>,
    userAgent: string,
  ) {
    this.agentToken = userAgent.split(/[/\s]/, 1)[0] ?? userAgent;
  }

  async check(url: URL): Promise<RobotsVerdict> {
    if (url.pathname === '/robots.txt') return { allowed: true };
    const rules = await this.rulesFor(url.origin);
    if (rules.denyReason) return { allowed: false, reason: rules.denyReason };
    const allowed = rules.isAllowed(url.href);
    return {
      allowed,
      ...(allowed ? {} : { reason: `robots.txt disallows ${url.pathname} for ${this.agentToken}` }),
      ...(rules.crawlDelayMs ? { crawlDelayMs: rules.crawlDelayMs } : {}),
    };
  }

  // Not cancellable on purpose: the answer is shared by every page of the origin (robots fetches have a timeout).
  private rulesFor(origin: string): Promise<RobotsRules> {
    let entry = this.rules.get(origin);
    if (!entry) {
      if (this.rules.size >= MAX_ENTRIES) {
        const oldest = this.rules.keys().next().value;
        if (oldest !== undefined) this.rules.delete(oldest);
      }
      entry = this.load(origin);
      this.rules.set(origin, entry);
    }
    return entry;
  }

  private async load(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`;
    let outcome: RobotsFetchOutcome;
    try {
      outcome = await this.fetchRobots(robotsUrl);
    } catch {
      outcome = { status: null };
    }
    const { status } = outcome;
    if (status !== null && (status >= 500 || status === 429)) {
      return {
        isAllowed: () => false,
        denyReason: `robots.txt answered ${status}: origin skipped for this run`,
      };
    }
    if (status === null || status >= 300 || outcome.body === undefined) return { isAllowed: () => true };
    const parsed = robotsParser(robotsUrl, outcome.body);
    const delay = parsed.getCrawlDelay(this.agentToken);
    return {
      isAllowed: (url) => parsed.isAllowed(url, this.agentToken) !== false,
      ...(delay && delay > 0 ? { crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, delay * 1000) } : {}),
    };
  }
}
