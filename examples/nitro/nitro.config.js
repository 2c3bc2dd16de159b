// Nitro 3 finds routes in routes/ and helpers in utils/; the default preset builds a Node server.
import { defineNitroConfig } from 'nitro/config';

export default defineNitroConfig({});
