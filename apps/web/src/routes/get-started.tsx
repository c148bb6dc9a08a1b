import { createFileRoute } from '@tanstack/react-router';
import { GetStartedPage } from '../features/get-started/components/GetStartedPage';

export const Route = createFileRoute('/get-started')({
  staticData: { title: 'Get Started' },
  component: GetStartedPage,
});
