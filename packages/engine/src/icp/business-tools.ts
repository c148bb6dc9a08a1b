/**
 * Which detected software a salesperson segments by and mentions: the tools a business runs its work on —
 * a shop, bookings, payments, a CRM, newsletters, live chat, recruiting — chosen and paid for by the business.
 * Everything else the detector reports as business software (a CMS, a theme, a page builder, a cookie banner,
 * analytics, a tag manager, SEO, fonts, widgets) is how the website is built: it says nothing about how the
 * business works, and "runs WordPress and aThemes Sydney" reads as a robot wrote it. Decided by the detector's
 * category ids (Wappalyzer's categories.json; see analyze/software/groups.ts).
 */

// biome-ignore format: one table
export const BUSINESS_TOOL_CATEGORIES: Readonly<Record<number, string>> = {
  6: 'Ecommerce', 21: 'LMS', 32: 'Marketing automation', 41: 'Payment processors', 52: 'Live chat', 53: 'CRM',
  55: 'Accounting', 72: 'Appointment scheduling', 75: 'Email', 84: 'Loyalty & rewards', 90: 'Reviews',
  91: 'Buy now pay later', 93: 'Reservations & delivery', 94: 'Referral marketing', 97: 'Customer data platform',
  98: 'Cart abandonment', 99: 'Shipping carriers', 101: 'Recruitment & staffing', 102: 'Returns',
  104: 'Ticket booking', 106: 'Cross border ecommerce', 107: 'Fulfilment', 111: 'Fundraising & donations',
};

/** True when a technology of these categories is a business tool (any one of them is enough). */
function isBusinessTool(categories: readonly number[] | undefined): boolean {
  return (categories ?? []).some((id) => id in BUSINESS_TOOL_CATEGORIES);
}

/** A business's tools, in the detector's order, each with the page it was seen on. */
export function businessToolsOf(b: {
  software: readonly string[];
  software_urls: readonly (string | null)[];
  software_categories?: readonly (readonly number[])[] | undefined;
}): { name: string; url: string | null }[] {
  const seen = new Set<string>();
  const tools: { name: string; url: string | null }[] = [];
  b.software.forEach((name, i) => {
    if (!isBusinessTool(b.software_categories?.[i]) || seen.has(name)) return;
    seen.add(name);
    tools.push({ name, url: b.software_urls[i] ?? null });
  });
  return tools;
}
