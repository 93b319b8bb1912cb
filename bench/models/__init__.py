"""Model servers: endpoint resolution, the client, the tool-call probe and doctor."""
