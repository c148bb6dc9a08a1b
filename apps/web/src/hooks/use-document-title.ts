import { useEffect } from 'react';
import { PRODUCT_NAME, PRODUCT_TAGLINE, TITLE_DEBOUNCE_MS } from '../config/constants';

/** "Argo | Login", or "Argo | Business Intelligence and Insights" without a page title. */
export function formatDocumentTitle(title?: string | null): string {
  return `${PRODUCT_NAME} | ${title?.trim() || PRODUCT_TAGLINE}`;
}

/** Sets document.title, debounced so a burst of route changes writes it once. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = formatDocumentTitle(title);
    }, TITLE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [title]);
}
