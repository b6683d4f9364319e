import type { FastifyInstance } from 'fastify'

/**
 * The images of the seeded AtomicAssets templates (seed.json's `nfts.templates[].img`, paths
 * relative to the chain's URL), served by the devchain itself so that nothing needs a network.
 * Kept in code rather than in files: the Fernwood server is bundled, and this travels with it.
 */
const IMAGES: Record<string, string> = {
  'fern-frond.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label="Fern frond">
<rect width="256" height="256" rx="32" fill="#eef6ea"/>
<path d="M128 228 C124 170 126 110 140 36" stroke="#2f6b2f" stroke-width="6" fill="none" stroke-linecap="round"/>
<g fill="#4f9a3f">
<path d="M127 200 C100 196 78 184 64 166 C88 168 110 178 127 190Z"/>
<path d="M128 200 C152 194 172 180 184 162 C160 166 142 176 128 188Z"/>
<path d="M127 168 C102 162 84 148 74 130 C96 134 114 144 127 156Z"/>
<path d="M129 168 C152 160 168 146 176 128 C154 132 140 142 129 156Z"/>
<path d="M129 136 C108 128 94 114 88 98 C108 102 122 112 130 124Z"/>
<path d="M131 136 C150 126 162 112 166 96 C148 100 136 110 131 124Z"/>
<path d="M132 104 C116 96 106 84 102 70 C118 74 128 84 133 94Z"/>
<path d="M134 104 C148 94 156 82 158 68 C144 72 136 82 134 94Z"/>
<path d="M137 72 C128 64 122 54 122 44 C132 48 137 56 139 64Z"/>
</g>
</svg>
`,
  'oak-acorn.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label="Oak acorn">
<rect width="256" height="256" rx="32" fill="#f6f0e4"/>
<path d="M128 40 C132 52 140 58 150 60" stroke="#5b3a1e" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M72 110 C72 80 100 62 128 62 C156 62 184 80 184 110 Z" fill="#7a5230"/>
<path d="M76 108 L180 108" stroke="#5b3a1e" stroke-width="4"/>
<path d="M84 110 C84 168 108 206 128 214 C148 206 172 168 172 110 Z" fill="#c98b3e"/>
<path d="M112 134 C108 160 114 182 124 196" stroke="#e7b877" stroke-width="6" fill="none" stroke-linecap="round"/>
</svg>
`,
  'ancient-relic.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label="Ancient relic">
<rect width="256" height="256" rx="32" fill="#efeae0"/>
<path d="M128 36 L184 92 L128 220 L72 92 Z" fill="#6b7f5a"/>
<path d="M128 36 L156 92 L128 220 L100 92 Z" fill="#8fa477"/>
<path d="M72 92 L184 92" stroke="#3f4d34" stroke-width="5"/>
<circle cx="128" cy="118" r="14" fill="#d9b44a"/>
<path d="M128 104 L128 132 M114 118 L142 118" stroke="#7a5d1c" stroke-width="3"/>
</svg>
`,
}

export function registerNftImageRoutes(app: FastifyInstance): void {
  app.get<{ Params: { image: string } }>('/nft/:image', async (request, reply) => {
    const image = Object.hasOwn(IMAGES, request.params.image)
      ? IMAGES[request.params.image]
      : undefined
    if (!image) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such image')
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'")
      .send(image)
  })
}
