/** What a change on «Avisos i informes per correu» made, said under its section (a problem as an alert). */
export interface Message {
  text: string;
  problem: boolean;
}
