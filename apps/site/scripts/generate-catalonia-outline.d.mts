/** The text of src/weather/catalonia-outline.ts, as the generator writes it. */
export declare function cataloniaOutlineModule(): string;
export declare const MAP_WIDTH_PX: number;
export declare const MAP_HEIGHT_PX: number;
