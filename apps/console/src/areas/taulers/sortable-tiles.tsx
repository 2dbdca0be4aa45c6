/**
 * A dashboard's tiles rearranged by drag and drop (dnd-kit), by pointer or by keyboard: each tile
 * is dragged by its own handle, so that a report's table, chart and links inside the tile stay
 * usable; the drop moves the tile to the position it was let go at, in one request (the page's
 * `onDrop`). dnd-kit is imported here only, inside the «Taulers» area's lazy chunk.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { DashboardTile, type DashboardTileProps, type TileDrag } from './dashboard-tile';
import { TILE_DRAG_INSTRUCTIONS, TILE_HANDLE_ROLE_DESCRIPTION, tileDragAnnouncements } from './tile-drag-announcements';

/**
 * How far the pointer travels on the handle before a drag begins: a press that barely moves stays
 * a press (dnd-kit's sensors would otherwise start on any pointer down).
 */
const DRAG_START_DISTANCE_PX = 5;

interface SortableTileListProps {
  /** The tiles' ids in the order shown. */
  order: readonly string[];
  titleOf: (id: string) => string;
  /** A tile let go at position `to` (0 first), other than its own. */
  onDrop: (id: string, to: number) => void;
  children: ReactNode;
}

export function SortableTileList({ order, titleOf, onDrop, children }: SortableTileListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const said = useRef<{ over?: string }>({}).current;
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return;
    onDrop(String(active.id), order.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{ announcements: tileDragAnnouncements({ order, titleOf, said }), screenReaderInstructions: TILE_DRAG_INSTRUCTIONS }}
    >
      <SortableContext items={[...order]} strategy={verticalListSortingStrategy}>
        <ol className="dashboard-tiles">{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

/** A tile that can be dragged by its handle. */
export function SortableDashboardTile({ tile, actions }: DashboardTileProps) {
  return <DashboardTile tile={tile} actions={actions} drag={useTileDrag(tile.id, tile.title ?? tile.view)} />;
}

/** The tile `id`'s part in the drag: its handle (a button, named after the report) and its motion. */
function useTileDrag(id: string, name: string): TileDrag {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: TILE_HANDLE_ROLE_DESCRIPTION },
  });
  // The tiles move in one column: only the vertical part of the motion is drawn.
  const style: CSSProperties = { transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined, transition };
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="button button--quiet dashboard-tile__handle" {...attributes} {...listeners} aria-label={`Arrossega ${name}`}>
      <span aria-hidden="true">⠿ </span>Arrossega
    </button>
  );
  return { ref: setNodeRef, style, dragging: isDragging, handle };
}
