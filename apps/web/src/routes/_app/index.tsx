import { createFileRoute } from '@tanstack/react-router';
import { DiscoveryStartPage } from '../../features/discovery/components/DiscoveryStartPage';

export const Route = createFileRoute('/_app/')({
  staticData: { title: 'Home' },
  component: DiscoveryStartPage,
});
