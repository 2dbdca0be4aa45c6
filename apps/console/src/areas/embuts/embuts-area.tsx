/**
 * The Embuts area, mounted by the console's shell at /embuts/*: the site's funnels (analysts read
 * them and their reports; editors and admins also create, edit and delete them).
 */
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../../session/session-context';
import { mayOpen } from '../../shell/visible-areas';
import { FunnelFormPage } from './funnel-form-page';
import { FUNNELS_AREA_PATH } from './funnel-labels';
import { FunnelListPage } from './funnel-list-page';
import { FunnelReportPage } from './funnel-report-page';

export default function EmbutsArea() {
  const { me } = useSession();
  // An analyst who follows a link to the form lands on the list: the server would refuse the change anyway.
  const form = mayOpen({ minRole: 'editor' }, me.role) ? <FunnelFormPage /> : <Navigate to={FUNNELS_AREA_PATH} replace />;
  return (
    <Routes>
      <Route index element={<FunnelListPage />} />
      <Route path="nou" element={form} />
      <Route path=":id/edita" element={form} />
      <Route path=":id" element={<FunnelReportPage />} />
      <Route path="*" element={<Navigate to={FUNNELS_AREA_PATH} replace />} />
    </Routes>
  );
}
