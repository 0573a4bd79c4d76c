// What a screen shows before its data is there: a spinner while loading, the failure otherwise.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { serverMessageOr } from '@/lib/server-message';

export function QueryState<T>({
  query,
  failed,
  loadingLabel = 'Loading…',
  children,
}: {
  query: UseQueryResult<T>;
  /** The sentence when the call failed without a message of the server's. */
  failed: string;
  loadingLabel?: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="admin-failure">
        <Alert>{serverMessageOr(query.error, failed)}</Alert>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Spinner label={loadingLabel} />;
}
