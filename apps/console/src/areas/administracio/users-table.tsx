import { UserRow } from './user-row';
import type { UserAccount } from './user-accounts';
import { TableScroll } from '../../components/table-scroll';

interface UsersTableProps {
  users: UserAccount[];
  /** The signed-in admin, marked "(vós)". */
  selfId: string;
  /** ISO instant, null for never, undefined when the sign-ins could not be read. */
  lastSignInOf: (userId: string) => string | null | undefined;
  onChanged: (message: string) => Promise<void>;
  onProblem: (message: string) => void;
}

/** The console's users, one row each (user-row.tsx); wide on a narrow screen, so it scrolls. */
export function UsersTable({ users, selfId, lastSignInOf, onChanged, onProblem }: UsersTableProps) {
  return (
    <TableScroll label={'Usuaris de la consola'}>
      <table className="report-table">
        <caption className="visually-hidden">Usuaris de la consola</caption>
        <thead>
          <tr>
            <th scope="col">Adreça electrònica</th>
            <th scope="col">Rol</th>
            <th scope="col">Creat</th>
            <th scope="col">Darrera entrada</th>
            <th scope="col">
              <span className="visually-hidden">Accions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} lastSignIn={lastSignInOf(user.id)} isSelf={user.id === selfId} onChanged={onChanged} onProblem={onProblem} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
