import { createFileRoute } from '@tanstack/react-router';
import { venturesQueryOptions } from '../../features/ventures/api';
import { VenturesPage } from '../../features/ventures/components/VenturesPage';

export const Route = createFileRoute('/_app/ventures')({
  staticData: { title: 'Ventures' },
  loader: ({ context }) => context.queryClient.ensureQueryData(venturesQueryOptions()),
  component: VenturesPage,
});
