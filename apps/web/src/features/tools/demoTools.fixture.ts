/** tools/list of the demo server (2026-07-28 era), captured with `mcpscope call tools/list --demo`. */
export const DEMO_TOOLS = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message it was given.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        message: {
          type: 'string',
          description: 'Text to send back',
        },
      },
      required: ['message'],
    },
    annotations: {
      title: 'Echo',
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'add',
    title: 'Add two numbers',
    description: 'Adds a and b; the result is also returned as structuredContent matching outputSchema.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        a: {
          type: 'number',
          description: 'First addend',
        },
        b: {
          type: 'number',
          description: 'Second addend',
        },
      },
      required: ['a', 'b'],
    },
    annotations: {
      readOnlyHint: true,
      idempotentHint: true,
    },
    outputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        sum: {
          type: 'number',
        },
        expression: {
          type: 'string',
        },
      },
      required: ['sum', 'expression'],
      additionalProperties: false,
    },
  },
  {
    name: 'fail',
    title: 'Always fails',
    description: 'Returns a tool error (isError: true) so clients can show failures.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        reason: {
          description: 'Text of the error',
          type: 'string',
        },
      },
    },
    annotations: {
      readOnlyHint: true,
    },
  },
  {
    name: 'emit_logs',
    title: 'Emit log messages',
    description: 'Sends one notifications/message per requested level (2026-07-28: only if the request carries a log level).',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        levels: {
          default: ['debug', 'info', 'notice', 'warning', 'error'],
          description: 'Levels to emit, in order',
          type: 'array',
          items: {
            type: 'string',
            enum: ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'],
          },
        },
      },
    },
    annotations: {
      readOnlyHint: true,
    },
  },
  {
    name: 'get_image',
    title: 'Get an image',
    description: 'Returns a PNG (a gradient drawn in code) as image content.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        size: {
          default: 32,
          description: 'Width and height in pixels',
          type: 'integer',
          minimum: 4,
          maximum: 128,
        },
      },
    },
    annotations: {
      readOnlyHint: true,
      idempotentHint: true,
    },
  },
  {
    name: 'get_audio',
    title: 'Get an audio clip',
    description: 'Returns a short sine tone as audio content (WAV).',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        frequencyHz: {
          default: 440,
          type: 'number',
          minimum: 50,
          maximum: 4000,
        },
        durationMs: {
          default: 250,
          type: 'integer',
          minimum: 50,
          maximum: 2000,
        },
      },
    },
    annotations: {
      readOnlyHint: true,
      idempotentHint: true,
    },
  },
  {
    name: 'get_resource_links',
    title: 'Get resource links',
    description: 'Returns resource_link items and one embedded resource.',
    inputSchema: {
      type: 'object',
      properties: {},
    },
    annotations: {
      readOnlyHint: true,
    },
  },
  {
    name: 'long_task',
    title: 'Long-running task',
    description: 'Works through a number of steps, reporting progress after each; honours cancellation.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        steps: {
          default: 5,
          description: 'Number of steps',
          type: 'integer',
          minimum: 1,
          maximum: 100,
        },
        stepMs: {
          default: 200,
          description: 'Duration of one step in ms',
          type: 'integer',
          minimum: 1,
          maximum: 10000,
        },
      },
    },
    annotations: {
      readOnlyHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'ask_llm',
    title: 'Ask the client LLM',
    description: "Asks the client's model a question (sampling/createMessage).",
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        question: {
          type: 'string',
          description: 'Question for the model',
        },
        maxTokens: {
          default: 200,
          type: 'integer',
          minimum: 1,
          maximum: 4096,
        },
      },
      required: ['question'],
    },
    annotations: {
      readOnlyHint: true,
      openWorldHint: true,
    },
  },
  {
    name: 'ask_user',
    title: 'Ask the user',
    description: 'Asks the user to fill a small form (elicitation/create, form mode).',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        message: {
          default: 'Tell us about yourself',
          type: 'string',
        },
      },
    },
    annotations: {
      readOnlyHint: true,
    },
  },
  {
    name: 'list_roots',
    title: 'List client roots',
    description: "Reads the client's roots (roots/list).",
    inputSchema: {
      type: 'object',
      properties: {},
    },
    annotations: {
      readOnlyHint: true,
    },
  },
  {
    name: 'configure_widget',
    title: 'Configure a widget',
    description: 'Takes a rich input (nested object, array, enum, anyOf, defaults, multi-line text) and echoes the parsed value.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        name: {
          type: 'string',
          minLength: 1,
          description: 'Widget name',
        },
        kind: {
          type: 'string',
          enum: ['button', 'slider', 'chart'],
          description: 'What sort of widget',
        },
        size: {
          type: 'object',
          properties: {
            width: {
              default: 320,
              description: 'Width in pixels',
              type: 'integer',
              minimum: 1,
              maximum: 4096,
            },
            height: {
              description: 'Height in pixels (auto when absent)',
              type: 'integer',
              minimum: 1,
              maximum: 4096,
            },
          },
          description: 'Nested object',
        },
        tags: {
          default: [],
          description: 'Free-form tags',
          maxItems: 10,
          type: 'array',
          items: {
            type: 'string',
            minLength: 1,
          },
        },
        target: {
          description: 'Where the widget points: a URL, a demo resource, or a label (anyOf)',
          anyOf: [
            {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  const: 'url',
                },
                href: {
                  type: 'string',
                  format: 'uri',
                },
              },
              required: ['type', 'href'],
            },
            {
              type: 'object',
              properties: {
                type: {
                  type: 'string',
                  const: 'resource',
                },
                uri: {
                  type: 'string',
                  format: 'starts_with',
                  pattern: '^demo:\\/\\/.*',
                },
              },
              required: ['type', 'uri'],
            },
            {
              type: 'string',
              description: 'A plain label',
            },
          ],
        },
        opacity: {
          description: 'Optional number between 0 and 1',
          type: 'number',
          minimum: 0,
          maximum: 1,
        },
        retries: {
          default: 3,
          description: 'Number with a default',
          type: 'integer',
          minimum: 0,
          maximum: 10,
        },
        enabled: {
          default: true,
          type: 'boolean',
        },
        notes: {
          default: 'First line\nSecond line',
          description: 'Multi-line text: newlines are kept',
          type: 'string',
          maxLength: 2000,
        },
      },
      required: ['name', 'kind', 'size'],
    },
    annotations: {
      title: 'Configure a widget',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  },
  {
    name: 'toggle_extra_tool',
    title: 'Toggle the extra tool',
    description: 'Adds or removes "extra_tool", which emits notifications/tools/list_changed.',
    inputSchema: {
      type: 'object',
      properties: {},
    },
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    },
  },
] as const;
