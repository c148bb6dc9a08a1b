import { z } from 'zod';
import type { ParsedPage } from '../../crawl/page';
import type { LanguageModel } from '../../llm/language-model';
import { collapseSpaces } from '../../normalize/text';
import type { DescribedBusiness } from './builtin';
import { INDUSTRIES } from './industries';
import { mainBlocks, pageHead } from './page-text';

/** The crawled text given to the model is capped (cost, context windows of small local models). */
export const MODEL_TEXT_BUDGET = 12_000;
const PER_PAGE_BUDGET = 4_000;

/** What the model must answer: checked by the client (and asked for as JSON Schema). */
const ModelDescription = z.object({
  summary: z.string().trim().min(10).max(800),
  services: z.array(z.string().trim().min(2).max(120)).max(20),
  industry: z.enum(INDUSTRIES).nullable(),
  customer_type: z.enum(['B2B', 'B2C', 'both']).nullable(),
});

const SYSTEM = [
  'You analyse the website of a business for a B2B prospecting tool.',
  'Use only facts stated in the website text you are given; never invent names, places, numbers or services.',
  'Answer with JSON that fits the schema:',
  '- summary: 1 to 3 sentences in English saying what the business does, for whom and where (if stated).',
  '- services: up to 10 short English noun phrases naming the services or products it offers.',
  `- industry: exactly one of: ${INDUSTRIES.join('; ')}. Use "Other" if none fits, null if the text does not say what the business does.`,
  '- customer_type: "B2B" if it sells to businesses or organisations, "B2C" if to private consumers, "both" if clearly both, null if unclear.',
].join('\n');

/** The prompt's user message: business, then each page's title, description and main text, within the budget. */
function modelInput(
  pages: ParsedPage[],
  business?: { name?: string | null; category?: string | null },
): string {
  const lines: string[] = [];
  if (business?.name) lines.push(`Business name: ${business.name}`);
  if (business?.category) lines.push(`Category: ${business.category.replace(/_/g, ' ')}`);
  let remaining = MODEL_TEXT_BUDGET;
  for (const page of pages) {
    if (remaining <= 200) break;
    const head = pageHead(page);
    const parts = [`\n## Page (${page.role}): ${page.url}`];
    if (head.title) parts.push(`Title: ${head.title}`);
    if (head.description) parts.push(`Description: ${head.description}`);
    for (const block of mainBlocks(page))
      parts.push(/^h\d$/.test(block.tag) ? `# ${block.text}` : block.text);
    const text = parts.join('\n').slice(0, Math.min(PER_PAGE_BUDGET, remaining));
    remaining -= text.length;
    lines.push(text);
  }
  return `Website text:\n${lines.join('\n')}`;
}

/** The model's description of the business (throws LanguageModelError when it fails). */
export async function describeWithModel(
  model: LanguageModel,
  pages: ParsedPage[],
  options: { business?: { name?: string | null; category?: string | null }; signal?: AbortSignal },
): Promise<DescribedBusiness> {
  const answer = await model.complete({
    system: SYSTEM,
    user: modelInput(pages, options.business),
    schema: ModelDescription,
    schemaName: 'site_summary',
    maxTokens: 700,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const seen = new Set<string>();
  return {
    summary: collapseSpaces(answer.summary),
    services: answer.services
      .map((s) => collapseSpaces(s))
      .filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()))
      .slice(0, 10),
    industry: answer.industry,
    customer_type: answer.customer_type,
  };
}
