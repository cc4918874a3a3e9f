// The API reference at /docs: Swagger UI on this origin's OpenAPI document. "Try it out" sends
// its requests to this origin (the document's server is "/"); nothing goes to another one (no
// online validator).
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
});
