import { ReportArea } from '../../report-view/report-area';

/** The Vídeo i àudio area: the server catalogue's `media` reports, each in the generic report view. */
export default function VideoIAudioArea() {
  return <ReportArea catalogueArea="media" label="Vídeo i àudio" />;
}
