import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';

import { completeItemId, findItem, listAllResources, STATIC_RESOURCES } from './catalogue.js';
import { paginate } from './pagination.js';

/** Small on purpose, so that `resources/list` needs several pages (`nextCursor`). */
export const RESOURCE_PAGE_SIZE = 5;

export const ITEM_TEMPLATE = 'demo://items/{id}';

export function registerResources(server: McpServer): void {
  for (const resource of STATIC_RESOURCES) {
    server.registerResource(
      resource.name,
      resource.uri,
      {
        title: resource.title,
        description: resource.description,
        mimeType: resource.mimeType,
        ...(resource.annotations !== undefined && { annotations: resource.annotations }),
      },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: resource.mimeType, ...resource.read() }] }),
    );
  }

  server.registerResource(
    'item',
    // `list` stays undefined: the paginated `resources/list` below already includes every item.
    new ResourceTemplate(ITEM_TEMPLATE, { list: undefined, complete: { id: (value) => completeItemId(value) } }),
    { title: 'Item by id', description: 'One demo item as JSON (ids 1-12; completion on {id})', mimeType: 'application/json' },
    async (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      const item = id === undefined ? undefined : findItem(id);
      if (item === undefined) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(item, null, 2) }] };
    },
  );

  // McpServer answers resources/list in one page; replace it with a paginated handler
  // (spec: server/utilities/pagination). setRequestHandler overwrites the SDK's own.
  server.server.setRequestHandler('resources/list', async (request) => {
    const { page, nextCursor } = paginate(listAllResources(), request.params?.cursor, RESOURCE_PAGE_SIZE);
    return nextCursor === undefined ? { resources: page } : { resources: page, nextCursor };
  });
}
