/**
 * The Vídeo i àudio area, mounted by the console's shell at /video-i-audio/*: a sub-page per kind
 * of media report (plays, ads and chapters, quality of experience, live, radio), each asking only
 * its own reports.
 */
import { Navigate, Route, Routes } from 'react-router';
import { MediaSubPageView } from './media-sub-page';
import { MEDIA_AREA_PATH, MEDIA_SUB_PAGES } from './media-sub-pages';
import './video-i-audio.css';

export default function VideoIAudioArea() {
  return (
    <Routes>
      {MEDIA_SUB_PAGES.map((page) =>
        page.path === '' ? (
          <Route key="index" index element={<MediaSubPageView page={page} />} />
        ) : (
          <Route key={page.path} path={page.path} element={<MediaSubPageView key={page.path} page={page} />} />
        ),
      )}
      <Route path="*" element={<Navigate to={MEDIA_AREA_PATH} replace />} />
    </Routes>
  );
}
