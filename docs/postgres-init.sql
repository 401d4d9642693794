-- compose.yaml: the self-hosted Inngest server keeps its state in its own database.
CREATE DATABASE inngest OWNER payments;
