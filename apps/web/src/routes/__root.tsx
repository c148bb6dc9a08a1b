import { createRootRouteWithContext, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { NotFoundPage } from '../components/errors/NotFoundPage';
import { useDocumentTitle } from '../hooks/use-document-title';
import { checkVersion } from '../lib/version-check';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, preload }) => {
    // /index.html is the home page.
    if (location.pathname === '/index.html') throw redirect({ to: '/', replace: true });
    // A new deployment reloads the page before the route's code is loaded. Never throws.
    if (!preload) await checkVersion();
  },
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

/** The deepest matched route's `staticData.title` names the page; a not-found page (null) names itself. */
function RootComponent() {
  const title = useRouterState({
    select: (state) => {
      if (state.matches.some((match) => match.status === 'notFound')) return null;
      return state.matches.findLast((match) => match.staticData.title)?.staticData.title;
    },
  });
  return (
    <>
      {title !== null && <PageTitle title={title} />}
      <Outlet />
    </>
  );
}

function PageTitle({ title }: { title: string | undefined }) {
  useDocumentTitle(title);
  return null;
}
