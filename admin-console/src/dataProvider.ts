import simpleRestProvider from 'ra-data-simple-rest';
import { API_URL, httpClient } from './api';

/** The admin API speaks ra-data-simple-rest's dialect as is (DESIGN section 5). */
export const dataProvider = simpleRestProvider(`${API_URL}/admin`, httpClient);
