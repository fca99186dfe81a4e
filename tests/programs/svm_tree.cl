// SVM binary search tree: pointer-rich nodes in global memory, iterative lookup and insertion on device
typedef struct tree_node {
    int key;
    float payload;
    struct tree_node *child[2];
    struct tree_node *parent;
} tree_node;

tree_node *tree_find(tree_node *root, int key)
{
    tree_node *n = root;
    while (n && n->key != key)
        n = n->child[key > n->key];
    return n;
}

int tree_depth(tree_node *n)
{
    int d = 0;
    while (n->parent) {
        n = n->parent;
        ++d;
    }
    return d;
}

kernel void svm_tree_lookup(global tree_node *root, global const int *keys,
                            global float *payloads, global int *depths)
{
    size_t gid = get_global_id(0);
    tree_node *hit = tree_find(root, keys[gid]);
    payloads[gid] = hit ? hit->payload : -1.0f;
    depths[gid] = hit ? tree_depth(hit) : -1;
}

kernel void svm_tree_insert_serial(global tree_node *root, global tree_node *fresh, int count)
{
    if (get_global_id(0) != 0)
        return;
    for (int i = 0; i < count; ++i) {
        tree_node *nn = &fresh[i];
        tree_node *cur = root;
        for (;;) {
            int dir = nn->key > cur->key;
            tree_node **slot = &cur->child[dir];      // generic pointer to a pointer in global memory
            if (*slot == NULL) {
                *slot = nn;
                nn->parent = cur;
                nn->child[0] = nn->child[1] = NULL;
                break;
            }
            cur = *slot;
        }
    }
}
