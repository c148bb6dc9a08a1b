import { createFileRoute } from '@tanstack/react-router';
import { markdownPageQueryOptions } from '../../features/legal/api';
import { LegalPage } from '../../features/legal/components/LegalPage';

export const Route = createFileRoute('/_marketing/privacy')({
  staticData: { title: 'Privacy' },
  loader: ({ context }) => context.queryClient.prefetchQuery(markdownPageQueryOptions('privacy')),
  component: () => <LegalPage name="privacy" />,
});
