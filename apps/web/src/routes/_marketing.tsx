import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MarketingLayout } from '../components/layout/MarketingLayout';

export const Route = createFileRoute('/_marketing')({
  component: () => (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  ),
});
