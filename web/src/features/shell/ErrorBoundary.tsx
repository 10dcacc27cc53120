import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';

/** Catches render errors outside the router (the router has its own errorComponent). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} reset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
