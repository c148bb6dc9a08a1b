import { createFileRoute } from '@tanstack/react-router';
import { markdownPageQueryOptions } from '../../features/legal/api';
import { LegalPage } from '../../features/legal/components/LegalPage';

export const Route = createFileRoute('/_marketing/terms')({
  staticData: { title: 'Terms' },
  loader: ({ context }) => context.queryClient.prefetchQuery(markdownPageQueryOptions('terms')),
  component: () => <LegalPage name="terms" />,
});
