// The shop's accounts (API.md "Admin"): search by name or e-mail, each with its orders and spend
// (USD), and the admin role to give or take away after a confirmation.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { formatDate } from '@/lib/format-date';
import { serverMessageOr } from '@/lib/server-message';
import { useSession } from '@/lib/session/use-session';
import { formatAmount } from '@/features/admin/admin-format';
import { AdminPage } from '@/features/admin/components/admin-page';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pager } from '@/features/admin/components/pager';
import { QueryState } from '@/features/admin/components/query-state';
import { Badge } from '@/features/admin/components/status-badge';
import { useAdminUsers, useSetAdmin, type AdminUser } from '../api/admin-users';
import { EmailAddress } from '@/components/email-address';

export const USERS_MESSAGES = {
  failed: 'Could not load the users.',
  empty: 'No users match.',
  changeFailed: 'Could not change the role.',
  promoted: (email: string) => `${email} is now an admin.`,
  demoted: (email: string) => `${email} is no longer an admin.`,
} as const;

const fullName = (user: AdminUser) => `${user.first_name} ${user.last_name}`.trim() || '—';

export function UsersView() {
  const { user: me } = useSession();
  // ?search= opens the list on one customer (the order page links here by e-mail).
  const [params] = useSearchParams();
  const [filter, setFilter] = useState({ page: 1, search: params.get('search') ?? '' });
  const [search, setSearch] = useState(filter.search);
  const [target, setTarget] = useState<AdminUser>();
  const [done, setDone] = useState<string>();
  const users = useAdminUsers(filter);
  const setAdmin = useSetAdmin();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ page: 1, search });
  };

  const confirm = () => {
    if (!target) return;
    const isAdmin = !target.is_admin;
    setAdmin.mutate(
      { id: target.id, isAdmin },
      {
        onSuccess: () => {
          setDone(isAdmin ? USERS_MESSAGES.promoted(target.email) : USERS_MESSAGES.demoted(target.email));
          setTarget(undefined);
        },
      },
    );
  };

  return (
    <AdminPage title="Users">
      <form className="admin-filters" role="search" aria-label="Users" onSubmit={onSearch}>
        <div className="admin-filters__search">
          <Field
            label="Search users"
            type="search"
            placeholder="Name or e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
      </form>
      {done && <Alert tone="success">{done}</Alert>}
      <QueryState query={users} failed={USERS_MESSAGES.failed} loadingLabel="Loading users…">
        {(data) =>
          data.users.length === 0 ? (
            <p className="admin-empty">{USERS_MESSAGES.empty}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <caption className="visually-hidden">Users</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">E-mail</th>
                      <th scope="col">Joined</th>
                      <th scope="col" className="num">
                        Orders
                      </th>
                      <th scope="col" className="num">
                        Spent (USD)
                      </th>
                      <th scope="col">Role</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.users.map((user) => (
                      <tr key={user.id}>
                        <th scope="row">{fullName(user)}</th>
                        <td>
                          <EmailAddress email={user.email} />
                        </td>
                        <td>
                          <time className="when" dateTime={user.createdAt}>
                            {formatDate(user.createdAt)}
                          </time>
                        </td>
                        <td className="num">{user.orderCount}</td>
                        <td className="num">{formatAmount(user.totalSpent, 'USD')}</td>
                        <td>{user.is_admin ? <Badge tone="admin">Admin</Badge> : 'Customer'}</td>
                        <td>
                          <Button
                            size="sm"
                            variant={user.is_admin ? 'ghost' : 'secondary'}
                            disabled={user.id === me?.id}
                            title={user.id === me?.id ? 'You cannot change your own role' : undefined}
                            aria-label={`${user.is_admin ? 'Remove admin' : 'Make admin'}: ${user.email}`}
                            onClick={() => {
                              setAdmin.reset();
                              setDone(undefined);
                              setTarget(user);
                            }}
                          >
                            {user.is_admin ? 'Remove admin' : 'Make admin'}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                label="Users pages"
                page={data.pagination.page}
                pages={data.pagination.pages}
                onPage={(page) => setFilter((current) => ({ ...current, page }))}
              />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        open={target !== undefined}
        title={target?.is_admin ? 'Remove admin rights?' : 'Make this user an admin?'}
        confirmLabel={target?.is_admin ? 'Remove admin' : 'Make admin'}
        tone={target?.is_admin ? 'danger' : 'primary'}
        busy={setAdmin.isPending}
        error={setAdmin.isError ? serverMessageOr(setAdmin.error, USERS_MESSAGES.changeFailed) : undefined}
        onConfirm={confirm}
        onCancel={() => setTarget(undefined)}
      >
        <p>
          {target?.is_admin
            ? `${target.email} will lose access to the admin area at once.`
            : `${target?.email} will be able to see every order, customer and report, and change them.`}
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
