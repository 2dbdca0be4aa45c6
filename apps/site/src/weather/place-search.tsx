import type { Place } from '@mesura/content';
import { Form } from 'react-router';
import { PLACE_QUERY_MAX_CHARS } from './weather-front';

/**
 * The place search of the weather pages: a GET form to /el-temps/?q= (the router's Form, so it is
 * a client-side navigation, and a plain form before the app runs), with every place as a suggestion.
 */
export function PlaceSearch({ places, query = '' }: { places: readonly Place[]; query?: string }) {
  return (
    <Form role="search" className="search-form place-search" action="/el-temps/" method="get">
      <label htmlFor="lloc">Cerqueu una població</label>
      <div className="search-form__row">
        <input
          key={query}
          id="lloc"
          name="q"
          type="search"
          defaultValue={query}
          list="llocs"
          autoComplete="off"
          maxLength={PLACE_QUERY_MAX_CHARS}
          required
        />
        <button type="submit">Cerca</button>
      </div>
      <datalist id="llocs">
        {places.map((place) => (
          <option key={place.slug} value={place.name} />
        ))}
      </datalist>
    </Form>
  );
}
