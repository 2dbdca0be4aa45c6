import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <>
      <title>Pàgina no trobada · Mesura · Consola</title>
      <h1>Pàgina no trobada</h1>
      <p>
        Aquesta pantalla no existeix. Torneu a l'<Link to="/">audiència</Link>.
      </p>
    </>
  );
}
