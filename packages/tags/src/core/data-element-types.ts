/** The built-in data element types (README "Config format"), each a reader of its config. */
import { firstValue } from '@mesura/datalayer';
import type { PageInfoField } from '../config/property-config.js';
import type { TagEnvironment } from '../environment.js';
import { dataLayerPath, pathOf } from './data-layer-view.js';
import { PAGE_INFO } from './page-info.js';
import { cookieValue, queryParam } from './query-string.js';
import type { Components, DataElementReader } from './services.js';
import { text } from './template.js';

type Reader<T extends string> = DataElementReader<Extract<Parameters<DataElementReader>[0], { type: T }>>;

export const dataLayerElement: Reader<'dataLayer'> = (config, scope) => dataLayerPath(scope.view(), config.path);

export const eventDetailElement: Reader<'eventDetail'> = (config, scope) => pathOf(scope.context.detail, config.path);

export const queryParamElement: Reader<'queryParam'> = (config, { services }) => queryParam(services.env.location.search, config.name, config.caseInsensitive);

export const cookieElement: Reader<'cookie'> = (config, { services }) => cookieValue(services.env.cookies(), config.name);

export const constantElement: Reader<'constant'> = (config) => config.value;

/** The `pageInfo` type with the readers of `fields` (PAGE_INFO holds every field). */
export const pageInfoElement =
  (fields: Readonly<Partial<Record<PageInfoField, (env: TagEnvironment) => string>>>): Reader<'pageInfo'> =>
  (config, { services }) =>
    (fields[config.field] as (env: TagEnvironment) => string)(services.env);

/** §5: the first entry of a comma list; an array counts as the list of its entries. */
export const firstValueElement: Reader<'firstValue'> = (config, scope) => {
  const list = config.dataElement === undefined ? dataLayerPath(scope.view(), config.path ?? '') : scope.get(config.dataElement);
  return firstValue(list == null ? undefined : text(list));
};

export const customElement: Reader<'custom'> = (config, scope) => config.get(scope.context);

export const BUILT_IN_DATA_ELEMENTS: Components['dataElements'] = {
  dataLayer: dataLayerElement,
  eventDetail: eventDetailElement,
  queryParam: queryParamElement,
  cookie: cookieElement,
  constant: constantElement,
  pageInfo: /* @__PURE__ */ pageInfoElement(PAGE_INFO),
  firstValue: firstValueElement,
  custom: customElement,
};
