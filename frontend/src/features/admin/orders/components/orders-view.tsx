// The admin's orders (API.md "Admin"): status filter, search by order number, e-mail or name, pages of
// 20, and rows to select for a bulk delete (an archive) after a confirmation. The filter lives in
// the address, so a detail's Back and a shared link keep it.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from '@printshop/shared-events/api/orders';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, SelectField } from '@/components/field';
import { serverMessageOr } from '@/lib/server-message';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/lib/order-status';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { OrdersTable } from '@/features/admin/components/orders-table';
import { Pager } from '@/features/admin/components/pager';
import { QueryState } from '@/features/admin/components/query-state';
import { useAdminOrders, useBulkDeleteOrders, type OrdersFilter } from '../api/admin-orders';

export const ORDERS_MESSAGES = {
  failed: 'Could not load the orders.',
  empty: 'No orders match.',
  deleteFailed: 'Could not delete the orders.',
  deleted: (count: number) => `${count} ${count === 1 ? 'order' : 'orders'} deleted.`,
} as const;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

function filterOf(params: URLSearchParams): OrdersFilter {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    search: params.get('search') ?? '',
  };
}

export function OrdersView() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const orders = useAdminOrders(filter);
  const bulkDelete = useBulkDeleteOrders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const [search, setSearch] = useState(filter.search);

  const applyFilter = (next: Partial<OrdersFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const query: Record<string, string> = {};
    if (merged.status) query.status = merged.status;
    if (merged.search.trim()) query.search = merged.search.trim();
    if (merged.page > 1) query.page = String(merged.page);
    setParams(query);
    setSelected(new Set());
    setDone(undefined);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    applyFilter({ search });
  };

  const visible = orders.data?.orders ?? [];
  const selection = {
    selected,
    toggle: (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () =>
      setSelected((current) =>
        visible.every((order) => current.has(order.id))
          ? new Set()
          : new Set(visible.map((order) => order.id)),
      ),
  };

  const confirmDelete = () => {
    bulkDelete.mutate([...selected], {
      onSuccess: ({ deleted }) => {
        setConfirming(false);
        setSelected(new Set());
        setDone(ORDERS_MESSAGES.deleted(deleted));
      },
    });
  };

  return (
    <AdminPage title="Orders">
      <form className="admin-filters" role="search" aria-label="Orders" onSubmit={onSearch}>
        <SelectField
          label="Status"
          value={filter.status}
          options={STATUS_OPTIONS}
          onChange={(event) => applyFilter({ status: event.target.value as OrderStatus | '' })}
        />
        <div className="admin-filters__search">
          <Field
            label="Search orders"
            type="search"
            hint="Order number, e-mail or the name it ships to"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </form>
      {done && <Alert tone="success">{done}</Alert>}
      <div className="admin-bulkbar">
        <span aria-live="polite">{selected.size > 0 ? `${selected.size} selected` : ''}</span>
        <Button
          variant="danger"
          size="sm"
          disabled={selected.size === 0}
          onClick={() => {
            bulkDelete.reset();
            setConfirming(true);
          }}
        >
          Delete selected
        </Button>
      </div>
      <QueryState query={orders} failed={ORDERS_MESSAGES.failed} loadingLabel="Loading orders…">
        {(data) =>
          data.orders.length === 0 ? (
            <p className="admin-empty">{ORDERS_MESSAGES.empty}</p>
          ) : (
            <>
              <OrdersTable orders={data.orders} caption="Orders" selection={selection} />
              <Pager
                label="Orders pages"
                page={data.pagination.page}
                pages={data.pagination.pages}
                onPage={(page) => applyFilter({ page })}
              />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${selected.size === 1 ? '1 order' : `${selected.size} orders`}?`}
        confirmLabel="Delete"
        busy={bulkDelete.isPending}
        error={
          bulkDelete.isError ? serverMessageOr(bulkDelete.error, ORDERS_MESSAGES.deleteFailed) : undefined
        }
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The selected orders leave every list. They are archived, not erased: their history stays in the
          event log and their detail can still be opened.
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
