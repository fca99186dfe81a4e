// a static linked list built at program scope: nodes whose next fields are generic pointers to other nodes
typedef struct node {
    int key;
    int value;
    struct node *next;
} node_t;

node_t n3 = { 30, 300, 0 };
node_t n2 = { 20, 200, &n3 };
node_t n1 = { 10, 100, &n2 };
node_t n0 = { 0, 0, &n1 };
node_t *list_head = &n0;

node_t *find(node_t *head, int key)
{
    for (node_t *n = head; n; n = n->next)
        if (n->key == key)
            return n;
    return 0;
}

int list_length(node_t *head)
{
    int c = 0;
    while (head) {
        ++c;
        head = head->next;
    }
    return c;
}

kernel void progscope_linked_table(global const int *keys, global int *values)
{
    size_t gid = get_global_id(0);
    node_t *n = find(list_head, keys[gid]);
    values[gid] = n ? n->value : -list_length(list_head);
}

kernel void progscope_linked_update(int key, int value)
{
    if (get_global_id(0) != 0)
        return;
    node_t *n = find(list_head, key);
    if (n)
        n->value = value;
    else
        n3.next = 0;
    if (key < 0)
        list_head = n0.next;
}
