/**
 * What a screen reader hears while a tile is dragged (dnd-kit's live region): in Catalan, the
 * report by its title and its place as a position of the whole list, since a screen reader sees
 * neither the pointer nor the tiles shifting. The tiles' ids and titles in, sentences out; the one
 * thing kept between calls is the position last said (`said`, the caller's to keep across renders).
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

export interface TileNames {
  /** The tiles' ids in the order shown. */
  order: readonly string[];
  /** A tile's title, by id. */
  titleOf: (id: string) => string;
  /**
   * The tile the dragged one was last said to be over. A drag's start is followed at once by its
   * first "over" (the tile's own place), which would replace the start's sentence before it is read.
   */
  said: { over?: string | undefined };
}

/** How the drag handle is used, read once when it is focused (its aria-describedby). */
export const TILE_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: "Per moure l'informe amb el teclat, premeu espai o retorn per agafar-lo, les fletxes amunt i avall per canviar-lo de lloc, espai o retorn per deixar-lo, o Escapada per cancel·lar.",
};

/** The handle's role as said by a screen reader (dnd-kit's default is the English «sortable»). */
export const TILE_HANDLE_ROLE_DESCRIPTION = 'informe reordenable';

export function tileDragAnnouncements({ order, titleOf, said }: TileNames): Announcements {
  const where = (id: string | number) => `la posició ${order.indexOf(String(id)) + 1} de ${order.length}`;
  const named = (id: string | number) => `«${titleOf(String(id))}»`;
  return {
    onDragStart: ({ active }) => {
      said.over = String(active.id);
      return `S'ha agafat ${named(active.id)}, a ${where(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const now = over ? String(over.id) : undefined;
      if (now === said.over) return undefined;
      said.over = now;
      return over ? `${named(active.id)} aniria a ${where(over.id)}.` : `${named(active.id)} no és damunt de cap posició.`;
    },
    onDragEnd: ({ active, over }) => (over && over.id !== active.id ? `S'ha deixat ${named(active.id)} a ${where(over.id)}.` : `S'ha deixat ${named(active.id)} al seu lloc.`),
    onDragCancel: ({ active }) => `S'ha cancel·lat el moviment: ${named(active.id)} torna a ${where(active.id)}.`,
  };
}
