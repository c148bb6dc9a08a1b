/** SQL of the page versions a business's last crawl left (validators and hashes, for cheap re-crawls). */
import type { PageVersion } from '@argo/engine';
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/client';
import { pageVersions } from '../../db/schema';

export async function findPageVersions(db: DatabaseExecutor, businessId: string): Promise<PageVersion[]> {
  const [row] = await db
    .select({ pages: pageVersions.pages })
    .from(pageVersions)
    .where(eq(pageVersions.businessId, businessId))
    .limit(1);
  return row?.pages ?? [];
}

export async function storePageVersions(
  db: DatabaseExecutor,
  businessId: string,
  pages: PageVersion[],
  at: Date,
): Promise<void> {
  await db
    .insert(pageVersions)
    .values({ businessId, pages, updatedAt: at })
    .onConflictDoUpdate({ target: pageVersions.businessId, set: { pages, updatedAt: at } });
}
