import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './RouteErrorPage';

type Props = { pathname: string; children: ReactNode };
type State = { pathname: string; failed: boolean };

class Boundary extends Component<Props, State> {
  override state: State = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  /** Moving to another page gives that page its own chance to render. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * Shows the route error page instead of a page (or the layout around it) that failed to render or whose code
 * failed to download (a network drop, say), and lets the next page render once the reader moves on.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
