import simpleRestProvider from 'ra-data-simple-rest';
import { API_URL, httpClient } from './api';

/** The admin API speaks ra-data-simple-rest's dialect as is (docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table). */
export const dataProvider = simpleRestProvider(`${API_URL}/admin`, httpClient);
