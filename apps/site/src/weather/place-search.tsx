import type { Place } from '@mesura/content';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PLACE_QUERY_MAX_CHARS } from './weather-front';

/**
 * The place search of the weather pages: a GET form to /el-temps/?q= (a navigation inside the app
 * once it runs, a plain form before), with every place as a suggestion.
 */
export function PlaceSearch({ places, query = '' }: { places: readonly Place[]; query?: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = new FormData(event.currentTarget).get('q');
    navigate(`/el-temps/?${new URLSearchParams({ q: typeof asked === 'string' ? asked : '' })}`);
  };
  return (
    <search>
      <form className="search-form place-search" action="/el-temps/" method="get" onSubmit={onSubmit}>
        <label htmlFor="lloc">Cerqueu una població</label>
        <div className="search-form__row">
          <input key={query} id="lloc" name="q" type="search" defaultValue={query} list="llocs" autoComplete="off" maxLength={PLACE_QUERY_MAX_CHARS} required />
          <button type="submit">Cerca</button>
        </div>
        <datalist id="llocs">
          {places.map((place) => (
            <option key={place.slug} value={place.name} />
          ))}
        </datalist>
      </form>
    </search>
  );
}
