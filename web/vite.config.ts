import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on the embedded server (npm start, port 3000).
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
