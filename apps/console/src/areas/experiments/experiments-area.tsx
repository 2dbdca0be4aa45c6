/**
 * The Experiments area (editors and admins), mounted by the console's shell at /experiments/*:
 * the list of activities, each one's results with its state, preview and history, and the form
 * that creates or edits one without code.
 */
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { ActivityFormPage } from './activity-form-page';
import { ActivityListPage } from './activity-list-page';
import { ActivityResultsPage } from './activity-results-page';
import { EXPERIMENTS_AREA_PATH } from './experiment-paths';
import './experiments.css';

export default function ExperimentsArea() {
  const { me } = useSession();
  // The shell refuses the route already (areas.ts minRole); this keeps the chunk safe on its own.
  if (!mayOpen({ minRole: 'editor' }, me.role)) {
    return (
      <>
        <h1>Experiments</h1>
        <p className="panel__error" role="alert">
          Aquesta secció és per a editors i administradors; el vostre rol no hi té accés.
        </p>
      </>
    );
  }
  return (
    <Routes>
      <Route index element={<ActivityListPage />} />
      <Route path="nou" element={<ActivityFormPage />} />
      <Route path=":id" element={<ActivityResultsPage />} />
      <Route path=":id/edita" element={<ActivityFormPage />} />
      <Route path="*" element={<Navigate to={EXPERIMENTS_AREA_PATH} replace />} />
    </Routes>
  );
}
