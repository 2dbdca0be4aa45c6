/**
 * The Segments area, mounted by the console's shell at /segments/*: every analyst builds, edits,
 * shares or keeps private their segments, and applies them from any report's filter bar.
 */
import { Navigate, Route, Routes } from 'react-router';
import { SegmentFormPage } from './segment-form-page';
import { SEGMENTS_AREA_PATH } from './segment-labels';
import { SegmentListPage } from './segment-list-page';

export default function SegmentsArea() {
  return (
    <Routes>
      <Route index element={<SegmentListPage />} />
      <Route path="nou" element={<SegmentFormPage />} />
      <Route path=":id/edita" element={<SegmentFormPage />} />
      <Route path="*" element={<Navigate to={SEGMENTS_AREA_PATH} replace />} />
    </Routes>
  );
}
