/**
 * The Objectius area, mounted by the console's shell at /objectius/*: the site's goals (analysts
 * read them and their reports; editors and admins also create, edit and delete them).
 */
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { GoalFormPage } from './goal-form-page';
import { GOALS_AREA_PATH } from './goal-labels';
import { GoalListPage } from './goal-list-page';
import { GoalReportsPage } from './goal-reports-page';

export default function ObjectiusArea() {
  const { me } = useSession();
  // An analyst who follows a link to the form lands on the list: the server would refuse the change anyway.
  const form = mayOpen({ minRole: 'editor' }, me.role) ? <GoalFormPage /> : <Navigate to={GOALS_AREA_PATH} replace />;
  return (
    <Routes>
      <Route index element={<GoalListPage />} />
      <Route path="nou" element={form} />
      <Route path=":id/edita" element={form} />
      <Route path=":id" element={<GoalReportsPage />} />
      <Route path="*" element={<Navigate to={GOALS_AREA_PATH} replace />} />
    </Routes>
  );
}
