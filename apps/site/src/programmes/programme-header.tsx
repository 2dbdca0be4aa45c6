import type { Programme } from '@mesura/content';
import { ContentImage } from './content-image';
import './programme-cards.css';

const KIND_LABELS = { video: 'Programa de televisió', audio: 'Pòdcast' } as const;

/** The programme's image (above the fold: loaded at once), title, kind, genre and summary. */
export function ProgrammeHeader({ programme }: { programme: Programme }) {
  return (
    <header className="programme-header">
      <ContentImage image={programme.image} sizes="(min-width: 40rem) 18rem, 100vw" eager />
      <div>
        <h1>{programme.title}</h1>
        <p className="meta">
          {KIND_LABELS[programme.kind]} · {programme.genre}
        </p>
        <p className="lead">{programme.summary}</p>
      </div>
    </header>
  );
}
