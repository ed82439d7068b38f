// What every island renders in: an error boundary (a render error is logged once through the logger and the
// shopper gets a short Dutch text instead of a blank spot) and the remote-cart error dialog. The logger and the
// dialog are loaded only when needed: they are rarely used and the product page's JavaScript budget is tight.
import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { $remoteCartErrorOpen } from '../stores/ui.ts';
import type { SupportContact } from './support-contact.ts';

type BoundaryProps = { children: ReactNode; fallback?: ReactNode };

export class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    void import('../client/logger.ts').then(({ logger }) => logger.logRenderError(error, info.componentStack ?? undefined));
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      this.props.fallback ?? (
        <p className="island-error" role="alert">
          Dit onderdeel kon niet worden geladen. Vernieuw de pagina, of neem contact op met onze klantenservice.
        </p>
      )
    );
  }
}

const RemoteCartErrorDialog = lazy(() => import('./RemoteCartErrorDialog.tsx'));

function RemoteCartErrorHost({ support }: { support: SupportContact }) {
  const open = useStore($remoteCartErrorOpen, { ssr: 'initial' });
  if (!open) return null;
  return (
    <IslandBoundary fallback={null}>
      <Suspense fallback={null}>
        <RemoteCartErrorDialog support={support} />
      </Suspense>
    </IslandBoundary>
  );
}

/** An island that uses the cart: the boundary plus the lazily loaded remote-cart error dialog. */
export function CartIsland({ children, support }: { children: ReactNode; support: SupportContact }) {
  return (
    <IslandBoundary>
      {children}
      <RemoteCartErrorHost support={support} />
    </IslandBoundary>
  );
}
